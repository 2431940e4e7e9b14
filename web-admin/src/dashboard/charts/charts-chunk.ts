// The one dynamic-import target for every chart, so recharts and the charts land in a single chunk.
export { default as FunnelChart } from './FunnelChart';
export { default as PeriodChart } from './PeriodChart';
