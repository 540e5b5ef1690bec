/** The post overview page, loaded on its own: the pages that show the profile overview do not carry its charts. */
export const postOverviewPage = () => import('./components/post-overview-page');
export { PerformanceSection } from './components/performance-section';
export { ProfileOverviewCard } from './components/profile-overview-card';
