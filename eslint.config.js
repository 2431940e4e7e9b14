// One linter for the tree: type-checked rules that catch real bugs (floating and misused promises),
// consistent type imports, no focused tests left behind, and kafkajs imported only inside packages/bus.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      'var/**',
      'infra/local/.cache/**',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        // The root's vitest.config.ts belongs to no package: it is checked with the base compiler options.
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' },
        { object: 'test', property: 'only' },
        { object: 'describe', property: 'only' },
      ],
    },
  },
  {
    // kafkajs stays behind the bus: services, tests, infra and bench use @bodymetrics/bus (KafkaBus; KafkaAdmin,
    // readKafkaTopic and KafkaRawProducer for tools), so upgrading or replacing the client touches one package.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['packages/bus/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kafkajs',
              message: 'Use @bodymetrics/bus (KafkaBus, KafkaAdmin, readKafkaTopic, KafkaRawProducer).',
            },
          ],
        },
      ],
    },
  },
);
