export { BulkImportPage } from './components/bulk-import-page';
