export { QueuePage } from './components/queue-page';
