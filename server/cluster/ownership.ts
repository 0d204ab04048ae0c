import type { RedisLink } from './redis-link';

const PREFIX = 'broadside:';
const nodeKey = (nodeId: string): string => `${PREFIX}node:${nodeId}`;
const leaseKey = (slug: string): string => `${PREFIX}room:${slug}:owner`;
/** A room's lease outlives its owner's liveness by far: it only says who; liveness says whether. */
const LEASE_MS = 24 * 3600 * 1000;

/**
 * Claims a room for ARGV[1] unless a live node holds it (other than ARGV[4], a node handing the
 * room over as it drains). Returns { owner, previous }: the owner after the call, and the node that
 * held it before when that changed (a takeover or a handover), else false.
 * Returns nil when the caller itself is not registered as alive (it must not claim anything).
 */
const CLAIM = `
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return { owner, false }
end
if owner and owner ~= ARGV[4] and redis.call('EXISTS', ARGV[2] .. owner) == 1 then return { owner, false } end
if redis.call('EXISTS', ARGV[2] .. ARGV[1]) == 0 then return nil end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return { ARGV[1], owner or false }
`;

/** Deletes the lease only if the caller still holds it. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** What a node's liveness key says of it (docs/deploy.md, "Operator's console"). */
export interface NodeRecord {
  /** The node's id among the nodes (NODE_ID, pid, random suffix). */
  readonly id: string;
  /** NODE_ID, or the host name. */
  readonly name: string;
  /** Epoch ms when the process started serving. */
  readonly startedAt: number;
  /** Epoch ms of its last heartbeat. */
  readonly seenAt: number;
  /** Draining: it hands its rooms over and takes none. */
  readonly draining: boolean;
}

function parseRecord(id: string, raw: string | null): NodeRecord | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<NodeRecord>;
    return {
      id,
      name: typeof value.name === 'string' ? value.name : id,
      startedAt: typeof value.startedAt === 'number' ? value.startedAt : 0,
      seenAt: typeof value.seenAt === 'number' ? value.seenAt : 0,
      draining: value.draining === true,
    };
  } catch {
    // A node of an older version writes its heartbeat's time alone.
    const at = Number(raw);
    return { id, name: id, startedAt: 0, seenAt: Number.isFinite(at) ? at : 0, draining: false };
  }
}

export interface Claim {
  /** The node that plays the room now. */
  readonly owner: string;
  /** True when this call made this node the owner (a fresh claim or a takeover): load from storage. */
  readonly acquired: boolean;
  /** The dead node this call took the room from, if any. */
  readonly tookFrom: string | null;
}

/**
 * Which node plays which room (docs/architecture.md, "Several nodes"). Two kinds of keys:
 * - `node:<id>`: this node is alive; a heartbeat re-arms it every ttl/3, it expires ttl after death;
 * - `room:<slug>:owner`: the node playing the room; valid only while that node's key exists.
 * A node's death therefore frees all its rooms at once, with O(1) Redis work per node and per
 * heartbeat, whatever the number of rooms. A node acts on a room locally only while its own
 * liveness is certain (`holds`), i.e. until the moment its key could have expired.
 */
export class Ownership {
  private readonly held = new Set<string>();
  /** performance.now() until which this node's key surely exists (set before each heartbeat is sent). */
  private aliveUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private draining = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly redis: RedisLink,
    readonly nodeId: string,
    private readonly ttlMs: number,
    /**
     * Told when rooms this node held may be played elsewhere: their lease names another node (or
     * none), or this node was declared dead for a while (then all of them).
     */
    private readonly onLost: (slugs: string[]) => void,
    private readonly onError: (error: unknown) => void,
    /** NODE_ID or the host name, written in the liveness key for the operator's console. */
    private readonly name: string = nodeId,
  ) {}

  /** The liveness key's value: who this node is and whether it drains. */
  private record(): string {
    return JSON.stringify({ name: this.name, startedAt: this.startedAt, seenAt: Date.now(), draining: this.draining });
  }

  /** Registers this node as alive and keeps it so. */
  async start(): Promise<void> {
    const sent = performance.now();
    await this.redis.set(nodeKey(this.nodeId), this.record(), this.ttlMs);
    this.aliveUntil = sent + this.ttlMs;
    this.timer = setInterval(() => void this.heartbeat(), Math.max(50, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  private async heartbeat(): Promise<void> {
    if (this.closed) return;
    const sent = performance.now();
    try {
      const renewed = await this.redis.set(nodeKey(this.nodeId), this.record(), this.ttlMs, true);
      if (renewed) {
        this.aliveUntil = sent + this.ttlMs;
        await this.checkLeases();
        return;
      }
      // Our key expired (a long pause, or another node found us unreachable): our rooms may have moved.
      const lost = [...this.held];
      this.held.clear();
      await this.redis.set(nodeKey(this.nodeId), this.record(), this.ttlMs);
      this.aliveUntil = sent + this.ttlMs;
      this.onLost(lost);
    } catch (error) {
      this.onError(error);
    }
  }

  /**
   * Reads the leases of the rooms held here (one MGET per thousand rooms per heartbeat): one that
   * names another node or none (Redis lost it) is dropped here, so a room can never stay played
   * by a node whose lease is gone for longer than a heartbeat.
   */
  private async checkLeases(): Promise<void> {
    const slugs = [...this.held];
    const lost: string[] = [];
    for (let i = 0; i < slugs.length; i += 1000) {
      const batch = slugs.slice(i, i + 1000);
      const owners = await this.redis.values(batch.map(leaseKey));
      batch.forEach((slug, k) => {
        if (owners[k] !== this.nodeId && this.held.delete(slug)) lost.push(slug);
      });
    }
    if (lost.length > 0) this.onLost(lost);
  }

  /** True when this node holds the room and is surely still alive: act at once, no Redis round trip. */
  holds(slug: string): boolean {
    return this.held.has(slug) && performance.now() < this.aliveUntil;
  }

  /**
   * Asks Redis who plays the room, claiming it when nobody alive does, or when `from` holds it and
   * hands it to this node as it drains.
   */
  async claim(slug: string, from = ''): Promise<Claim> {
    const reply = await this.redis.script(CLAIM, [leaseKey(slug)], [this.nodeId, nodeKey(''), String(LEASE_MS), from]);
    if (!Array.isArray(reply)) {
      // Declared dead while we were not looking: register again, then retry once.
      await this.redis.set(nodeKey(this.nodeId), this.record(), this.ttlMs);
      this.aliveUntil = performance.now() + this.ttlMs / 2;
      return this.claim(slug, from);
    }
    const owner = String(reply[0]);
    const previous = reply[1] ? String(reply[1]) : null;
    if (owner !== this.nodeId) {
      this.held.delete(slug);
      return { owner, acquired: false, tookFrom: null };
    }
    const acquired = !this.held.has(slug);
    this.held.add(slug);
    return { owner, acquired, tookFrom: previous };
  }

  /** The node the room's lease names (alive or not), without claiming anything. */
  async ownerOf(slug: string): Promise<string | null> {
    const [owner] = await this.redis.values([leaseKey(slug)]);
    return owner ?? null;
  }

  /** Gives the room up (nobody uses it here any more); the next node asked claims it. */
  async release(slug: string): Promise<void> {
    this.held.delete(slug);
    await this.redis.script(RELEASE, [leaseKey(slug)], [this.nodeId]);
  }

  /** Stops trusting the local belief (after a lost write): the next action asks Redis again. */
  doubt(slug: string): void {
    this.held.delete(slug);
  }

  /**
   * Declares another node dead at once (nothing listens on its channel any more) instead of waiting
   * for its key to expire. Should it be alive after all, its next heartbeat finds its key gone and it
   * drops every room it held (see heartbeat), so at most one node acts on a room after this.
   */
  async declareDead(nodeId: string): Promise<void> {
    if (nodeId !== this.nodeId) await this.redis.del(nodeKey(nodeId));
  }

  /** Marks this node draining in its liveness key: the others stop handing it rooms. */
  async drain(): Promise<void> {
    this.draining = true;
    await this.redis.set(nodeKey(this.nodeId), this.record(), this.ttlMs, true);
  }

  /** The rooms this node holds now. */
  get rooms(): readonly string[] {
    return [...this.held];
  }

  /** Every live node, this one included, as its liveness key describes it. */
  async nodes(): Promise<NodeRecord[]> {
    const keys = await this.redis.keys(nodeKey('*'));
    const values = await this.redis.values(keys);
    return keys.flatMap((key, i) => {
      const record = parseRecord(key.slice(nodeKey('').length), values[i] ?? null);
      return record ? [record] : [];
    });
  }

  /** Which of these nodes are alive. */
  async alive(nodeIds: readonly string[]): Promise<Set<string>> {
    const values = await this.redis.values(nodeIds.map(nodeKey));
    return new Set(nodeIds.filter((_, i) => values[i] !== null));
  }

  /** Releases every lease and unregisters, so that other nodes take the rooms at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const slugs = [...this.held];
    await Promise.all(slugs.map((slug) => this.release(slug).catch(() => undefined)));
    await this.redis.del(nodeKey(this.nodeId)).catch(() => undefined);
  }
}
