import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a V8 heap snapshot holds: bytes and objects in all, by kind, and the count of one constructor. */
export interface HeapCensus {
  readonly bytes: number;
  readonly objects: number;
  readonly closures: number;
  /** Objects by constructor name ("Room", "WebSocket"…); other kinds by type in parentheses ("(string)"). */
  readonly byName: ReadonlyMap<string, { readonly count: number; readonly bytes: number }>;
}

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[]] } };
  readonly nodes: number[];
  readonly strings: string[];
}

/** Counts a .heapsnapshot file (as written by `node --heapsnapshot-signal` or DevTools). */
export function heapCensus(file: string): HeapCensus {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const byName = new Map<string, { count: number; bytes: number }>();
  let bytes = 0;
  let closures = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt] ?? 0] ?? '';
    const size = nodes[i + sizeAt] ?? 0;
    const name = type === 'object' || type === 'native' ? (strings[nodes[i + nameAt] ?? 0] ?? '') : `(${type})`;
    if (type === 'closure') closures++;
    const entry = byName.get(name) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += size;
    byName.set(name, entry);
    bytes += size;
  }
  return { bytes, objects: nodes.length / fields.length, closures, byName };
}

/** The snapshot files in `dir`, oldest first (their names carry a sequence number). */
export function snapshotFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.heapsnapshot'))
    .sort()
    .map((f) => join(dir, f));
}
