// The three rarity routes load as one chunk: they share most of their code, and one lazy import instead of three
// keeps the first page's route table smaller.
export { default as RarityHomePage } from './rarity-home-page';
export { default as RarityMorePage } from './rarity-more-page';
export { default as RarityPage } from './rarity-page';
