/**
 * The class that marks an element and everything in it as never captured by product analytics: session
 * replay shows a placeholder in its place, autocapture and heatmaps ignore it. It is on every area with
 * patient data (notes, transcripts, patient names and the fields that take them), so none of it leaves the
 * browser even if the analytics project's own settings are loosened. Harmless while analytics is off.
 */
export const NO_CAPTURE_CLASS = 'ph-no-capture';
