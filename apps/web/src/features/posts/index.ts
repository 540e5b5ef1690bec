export { CreatePostButton } from './components/create-post-button';
export { CreatePostHost } from './components/create-post-host';
export { DraftsPage } from './components/drafts-page';
export { FirstPost, HomePosts } from './components/home-posts';
export { RecentPostsPage } from './components/recent-posts-page';
export { ScheduledPostsPage } from './components/scheduled-posts-page';
export { UpcomingPostsCard } from './components/upcoming-posts-card';
export { closeCreatePost, openCreatePost } from './lib/composer-store';
