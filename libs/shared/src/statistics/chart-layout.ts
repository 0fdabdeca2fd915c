/**
 * Sizes the statistics charts share with their boxes. Kept apart, with no
 * imports, so the chart code (loaded lazily) takes nothing else with it.
 */

/**
 * Room under a vertical bar chart for its category labels, written at a
 * slant: about 4 px of depth per character ('No aplica (suicidio consumado)'
 * needs more than 'Primero').
 */
export function slantedLabelsDepth(rows: readonly { label: string; mark?: string }[]): number {
  const longest = Math.max(0, ...rows.map((row) => row.label.length + (row.mark ? 2 : 0)));
  return Math.round(Math.min(160, Math.max(48, 20 + longest * 4)));
}
