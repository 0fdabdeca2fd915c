/**
 * `./embed`: the framework-free entry for integrators (docs/architecture.md#the-embeddable-assessment). See
 * `embed-example.html` in the build output for a page that loads it.
 */
export { mount } from './mount';
export type { AssessmentEmbed, AssessmentEmbedOptions, Unmount } from './mount';
