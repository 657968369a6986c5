/** The Polish texts of the panels, by file: one chunk (`textSets` in ../index.ts). */
export default import.meta.glob<object>(
  ['./*.json', '!./{account,common,errors,home,shell,configuration,external-apis,notifications,roles}.json'],
  { eager: true, import: 'default' },
);
