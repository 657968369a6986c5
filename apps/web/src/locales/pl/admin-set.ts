/** The Polish texts of the admin panel's own features, by file: one chunk (`textSets` in ../index.ts). */
export default import.meta.glob<object>(
  './{configuration,external-apis,notifications,prediction-models,roles}.json',
  {
    eager: true,
    import: 'default',
  },
);
