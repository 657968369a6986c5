/** The Polish texts of the API's errors, by code: one chunk (`textSets` in ../index.ts). */
export default import.meta.glob<object>('./errors.json', { eager: true, import: 'default' });
