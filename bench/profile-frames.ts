/** Names for the frames of V8 profiles (CPU and heap), shared by the profile summaries. */

/** A node's bucket: the npm package, our top-level folder, node's internals, or V8's own states. */
export function bucketOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(server|src|dist-server|cli)\/(.+)$/.exec(url);
  if (ours?.[1] && ours[2]) return `${ours[1]}/${ours[2].split('/')[0]}`;
  return url;
}

/** `function bucket:line` (1-based), the name a summary prints for a call frame. */
export function frameName(frame: {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}): string {
  return `${frame.functionName || '(anonymous)'} ${bucketOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
}
