export { RecordPage } from './components/RecordPage';
