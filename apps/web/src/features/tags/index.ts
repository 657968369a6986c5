// The public surface of features/tags: what other features, the panels, the router and the shell use.
export { TagsTab } from './tags-tab';
export { CopyableCode } from './copyable-code';
export { useTagEventSummary, useTagSettings } from './tags-api';
