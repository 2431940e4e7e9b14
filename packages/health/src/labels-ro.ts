// The engine's labels (BMI categories and bands, indicator and rating words, the bands' sources) as the
// engine says them, and their Romanian: the visitor's pages and the report mail show them in the page's
// language from this one list.
export const ENGINE_LABELS = [
  'Underweight',
  'Normal',
  'Normal Weight',
  'Overweight',
  'Obese',
  'Low',
  'High',
  'Elevated',
  'Very High',
  'Healthy',
  'Increased risk',
  'High risk',
  'Excellent',
  'Good',
  'Fair',
  'Poor',
  'WHO adult BMI bands',
  'NICE obesity guideline (CG189, 2022 update)',
] as const;
export type EngineLabel = (typeof ENGINE_LABELS)[number];

export const ENGINE_LABELS_RO: Record<EngineLabel, string> = {
  Underweight: 'Subponderal',
  Normal: 'Normal',
  'Normal Weight': 'Greutate normală',
  Overweight: 'Supraponderal',
  Obese: 'Obezitate',
  Low: 'Scăzut',
  High: 'Ridicat',
  Elevated: 'Crescut',
  'Very High': 'Foarte ridicat',
  Healthy: 'Sănătos',
  'Increased risk': 'Risc crescut',
  'High risk': 'Risc ridicat',
  Excellent: 'Excelent',
  Good: 'Bun',
  Fair: 'Acceptabil',
  Poor: 'Slab',
  'WHO adult BMI bands': 'intervalele IMC ale OMS pentru adulți',
  'NICE obesity guideline (CG189, 2022 update)':
    'ghidul NICE privind obezitatea (CG189, actualizarea din 2022)',
};
