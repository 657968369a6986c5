/** The English texts of the public pages, by file: one chunk (`textSets` in ../index.ts). */
export default import.meta.glob<object>('./{account,common,home,shell}.json', {
  eager: true,
  import: 'default',
});
