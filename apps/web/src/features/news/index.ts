export { NEWS_KEY } from './api/news';
export { AllNewsPage } from './components/all-news-page';
export { ArticleView } from './components/article-view';
export { NewsArticlePage } from './components/news-article-page';
export { NewsRoomPage } from './components/news-room-page';
