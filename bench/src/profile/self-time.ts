// Where a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) spent its time: each sample's time goes to the
// function on top of the stack (self time), summed by package or by function.

type CallFrame = { functionName: string; url: string; lineNumber: number };
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
};

/** A share of the profile's time: its key and the fraction of all samples' time (0–1). */
export type Share = { key: string; share: number };

/**
 * The npm package a frame runs in ('drizzle-orm', '@fastify/cors'), 'app:<first folders>' for our own code, the
 * node: module, or the frame's name for V8's own entries ('(garbage collector)', '(idle)', 'writev').
 */
export function packageOf(frame: CallFrame): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (inModules?.[1]) return inModules[1];
  const ours = /\/(apps|packages)\/(.+)$/.exec(frame.url);
  if (ours?.[2]) return `app:${ours[1]}/${ours[2].split('/').slice(0, 4).join('/')}`;
  if (frame.url.startsWith('node:')) return frame.url;
  return frame.functionName || '(anonymous)';
}

/** The function with its file and line: 'is drizzle-orm/entity.js:2'. */
export function functionOf(frame: CallFrame): string {
  const file = frame.url.split('/').slice(-2).join('/');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
}

/** Self time summed by `keyOf` of each sample's frame, largest first, as shares of all samples' time. */
export function selfTimeBy(profile: CpuProfile, keyOf: (frame: CallFrame) => string): Share[] {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byKey = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    if (!frame) return;
    const key = keyOf(frame);
    byKey.set(key, (byKey.get(key) ?? 0) + delta);
  });
  return [...byKey]
    .map(([key, time]) => ({ key, share: total > 0 ? time / total : 0 }))
    .sort((a, b) => b.share - a.share);
}
