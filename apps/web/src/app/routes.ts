import type { ComponentType } from 'react';
import { DEVNET_CHAT_PATH } from '../config/links';
import type { CollectionLayout } from '../features/collection/collection-layout';
import type en from '../locales/en.json';

/** Route metadata flags of the original app. */
export type RouteFlags = {
  /** Recorded for parity with the spec; pages are not cached on revisit, so nothing reads it yet. */
  keepAlive: boolean;
  /** Show the bottom bar (sweep, gas, marketplaces). */
  showBar: boolean;
  /** Show the break-even price in the bottom bar. */
  showBreak: boolean;
  /** Offer the trending panel; collection links gain the /summary suffix. */
  showTrending: boolean;
  requiresAuth: boolean;
  /** Follow wallet account changes with a redirect; /activity opts out. */
  onAccountChangeJump: boolean;
};

/** A page's i18n key under `route.*`: its title and one-line description in both languages. */
export type RouteName = keyof typeof en.route;

export type AppRoute = RouteFlags & {
  path: string;
  name: RouteName;
  /** The English title; the Chinese one lives in locales/zh.json under the same name. */
  en_name: string;
  page: () => Promise<{ default: ComponentType }>;
};

const signIn = () => import('./pages/sign-in-page');
const signOut = () => import('../features/auth/components/sign-out-page');
const notFound = () => import('./pages/not-found-page');
const diagnostics = () => import('../features/diagnostics/components/diagnostics-page');
const collection = (layout: CollectionLayout) => () =>
  import('../features/collection/components/collection-page').then((page) => ({
    default: page.collectionPages[layout],
  }));
const trending = () => import('../features/trending/components/trending-page');
const alertPage = () => import('../features/alerts/components/alert-page');
const myPage = () => import('../features/profile/components/my-page');
const noticePage = () => import('../features/live/components/notice-page');
const devnetChat = () => import('../features/devnet-chat/components/devnet-chat-page');
const billing = (page: 'PlansPage' | 'SalePage' | 'VerificationPage') => () =>
  import('../features/billing/components/billing-pages').then((pages) => ({ default: pages[page] }));
const plans = billing('PlansPage');
// One page for every sale route: it reads its sale's slug from the path.
const sale = billing('SalePage');
const verification = billing('VerificationPage');
const trialPage = () => import('../features/trial/components/trial-page');
const portfolioPage = () => import('../features/portfolio/components/portfolio-page');
const myListingsPage = () => import('../features/selling/my-listings-page');
const legalPage = () => import('../features/legal/components/legal-page');
const rarityPages = (page: 'RarityHomePage' | 'RarityPage' | 'RarityMorePage') => () =>
  import('../features/rarity/components/rarity-pages').then((pages) => ({ default: pages[page] }));
const rarityHome = rarityPages('RarityHomePage');
const rarity = rarityPages('RarityPage');
const rarityMore = rarityPages('RarityMorePage');
const homePage = () => import('../features/home/components/home-page');
const discoverPage = () => import('./pages/discover-page');
const watchlistPage = () => import('../features/watchlist/components/watchlist-page');
const historicPage = () => import('./pages/historic-page');
const holdingPage = () => import('./pages/holding-page');

const publicPage: RouteFlags = {
  keepAlive: false,
  showBar: false,
  showBreak: false,
  showTrending: false,
  requiresAuth: false,
  onAccountChangeJump: true,
};
const memberPage: RouteFlags = { ...publicPage, requiresAuth: true };
/** Pages that trade a collection: the bottom bar with break-even price and the trending panel. */
const tradingPage: RouteFlags = { ...memberPage, showBar: true, showBreak: true, showTrending: true };

function route(path: string, name: RouteName, en_name: string, flags: RouteFlags, page: AppRoute['page']): AppRoute {
  return { path, name, en_name, page, ...flags };
}

export const NOT_FOUND_PATH = '/404';

/** Every page of the app, once. Paths keep the spec's spelling, /protfolio included. */
export const appRoutes: readonly AppRoute[] = [
  route('/', 'signIn', 'Sign in', publicPage, signIn),
  route('/signout', 'signOut', 'Sign out', publicPage, signOut),
  route(NOT_FOUND_PATH, 'notFound', 'Page not found', publicPage, notFound),

  route('/trending', 'trending', 'Trending', { ...memberPage, showBar: true, showTrending: true }, trending),
  route('/collection/:id', 'collection', 'Collection', tradingPage, collection('full')),
  route('/collection/:id/summary', 'collectionSummary', 'Collection trades', tradingPage, collection('summary')),
  route('/collectiontest/:id', 'collectionTest', 'Collection (test)', tradingPage, collection('compact')),
  route('/collectiontest9/:id', 'collectionTest', 'Collection (test)', tradingPage, collection('listings')),
  route('/collectiontest10/:id', 'collectionTest', 'Collection (test)', tradingPage, collection('trades')),
  route('/alert', 'alert', 'Alert', memberPage, alertPage),
  route('/my', 'my', 'Profile', memberPage, myPage),
  route('/notice', 'notice', 'Notifications', memberPage, noticePage),
  route('/protfolio', 'portfolio', 'Portfolio', memberPage, portfolioPage),
  route('/listings', 'myListings', 'My listings', memberPage, myListingsPage),
  route('/dataTest', 'dataTest', 'Data test', memberPage, diagnostics),
  route('/verification', 'verification', 'Verification', memberPage, verification),

  route('/home', 'home', 'Home', publicPage, homePage),
  route('/discover', 'discover', 'Discover', publicPage, discoverPage),
  route('/wallet', 'wallet', 'Watchlist', publicPage, watchlistPage),
  route('/holding', 'holding', 'Holdings', publicPage, holdingPage),
  route('/rarityHome', 'rarityHome', 'Rarity', publicPage, rarityHome),
  route('/rarity', 'rarity', 'Rarity detail', publicPage, rarity),
  route('/rarityMore', 'rarityMore', 'More recommendations', publicPage, rarityMore),
  route('/historic', 'historic', 'Floor history', publicPage, historicPage),
  route('/plans', 'plans', 'Plans', publicPage, plans),
  route('/planstst', 'plansTest', 'Plans (test)', publicPage, sale),
  route('/discount', 'discount', 'Discount', publicPage, sale),
  route('/spring', 'spring', 'Spring Sale', publicPage, sale),
  route('/promo', 'promo', 'Promotion', publicPage, sale),
  route('/ChristmasPromo', 'christmasPromo', 'Christmas Sale', publicPage, sale),
  route('/NewYearPromo', 'newYearPromo', 'New Year Sale', publicPage, sale),
  route('/ChineseNewYear', 'chineseNewYear', 'Chinese New Year Sale', publicPage, sale),
  route('/FlashSale', 'flashSale', 'Flash Sale', publicPage, sale),
  route('/vinland', 'vinland', 'Vinland', publicPage, sale),
  route('/blackfriday', 'blackFriday', 'Black Friday', publicPage, sale),
  route('/VIP3', 'vip3', 'VIP3', publicPage, sale),
  route('/activity', 'activity', 'Trial code', { ...publicPage, onAccountChangeJump: false }, trialPage),
  route('/disclaimer', 'terms', 'Terms of Service', publicPage, legalPage),
  route('/terms', 'terms', 'Terms of Service', publicPage, legalPage),
  route('/policy', 'policy', 'Privacy Policy', publicPage, legalPage),
  // The devnet's stand-in for the chat service; elsewhere the page only says it is not there.
  route(DEVNET_CHAT_PATH, 'devnetChat', 'Devnet chat', publicPage, devnetChat),
];
