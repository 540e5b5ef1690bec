export { CreatePostButton } from './components/create-post-button';
export { CreatePostHost } from './components/create-post-host';
export { closeCreatePost, openCreatePost } from './lib/composer-store';
