import type { PartialTheme } from '@nivo/theming';

/** nivo's look in the product's colours and font (the shell's tokens, as plain values: SVG needs them). */
export const chartTheme: PartialTheme = {
  text: { fontFamily: 'inherit', fontSize: 13, fill: '#1b2530' },
  axis: {
    ticks: {
      line: { stroke: '#8a96a3' },
      text: { fontSize: 12, fill: '#4a5560' },
    },
    domain: { line: { stroke: '#8a96a3', strokeWidth: 1 } },
  },
  grid: { line: { stroke: '#d5dbe1', strokeWidth: 1 } },
  labels: { text: { fontSize: 13, fontWeight: 700, fill: '#1b2530' } },
  tooltip: {
    container: {
      background: '#ffffff',
      color: '#1b2530',
      fontSize: 13,
      borderRadius: 6,
      boxShadow: '0 2px 8px rgb(16 24 40 / 20%)',
    },
  },
};

/** Whether the person asked for less motion: then the charts do not animate. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  );
}

/** Tick values for a count axis: whole numbers only, at most `max` of them. */
export function countTicks(highest: number, max = 5): number[] {
  if (highest <= 0) return [0];
  const step = Math.max(1, Math.ceil(highest / max));
  const ticks: number[] = [];
  for (let value = 0; value <= highest + step - 1; value += step) ticks.push(value);
  return ticks;
}
