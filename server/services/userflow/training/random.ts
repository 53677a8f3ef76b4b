/** A seeded random source (mulberry32), so a training run on the same rows gives the same split and the same model. */
export type Random = () => number;

export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates in place. */
export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** `count` distinct indexes of 0 … n-1, at random (all of them, shuffled, when count ≥ n). */
export function sampleIndexes(n: number, count: number, random: Random): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  return shuffle(all, random).slice(0, Math.min(n, count));
}
