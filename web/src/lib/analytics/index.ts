export { ANALYTICS_BUILT_IN, isTagManagerLoaded, loadTagManager, startProductAnalytics } from './analytics';
export { NO_CAPTURE_CLASS } from './no-capture';
