// pg's own value preparation (what its Client does to every parameter), which @types/pg does not declare.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
