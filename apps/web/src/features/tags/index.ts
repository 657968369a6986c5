// The public surface of features/tags: what other features, the panels, the router and the shell use.

export { CopyableCode } from './copyable-code';
export { useTagEventSummary, useTagSettings } from './tags-api';
export { TagsTab } from './tags-tab';
