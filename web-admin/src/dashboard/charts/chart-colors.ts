// SVG attributes cannot read CSS variables everywhere, so the chart colours live here, matched to styles.css.
export const chartColors = {
  primary: '#1d4ed8',
  secondary: '#0f766e',
  /** Revenue: its bars and its axis. */
  revenue: '#b45309',
  grid: '#d6dae1',
  axis: '#374151',
} as const;
