import type { PostHogConfig } from 'posthog-js';
import { NO_CAPTURE_CLASS } from './no-capture';

/**
 * posthog-js settings for a clinical app. Everything that could carry patient data is off or masked in
 * the code, not left to the project's remote settings (PostHog lets remote settings fill what init leaves
 * undefined, e.g. console log recording).
 */
export function productAnalyticsOptions(apiHost: string): Partial<PostHogConfig> {
  return {
    // Our own host (a reverse proxy), so requests are not sent to a third-party analytics domain.
    api_host: apiHost,
    // Consent defaults to denied: nothing is captured or stored until the visitor opts in.
    opt_out_capturing_by_default: true,
    opt_out_persistence_by_default: true,
    // Autocapture: no element text and no attribute values (they can hold names or note text).
    mask_all_text: true,
    mask_all_element_attributes: true,
    mask_personal_data_properties: true,
    session_recording: {
      // Every input's value and every text node are masked; marked areas are not recorded at all.
      maskAllInputs: true,
      maskTextSelector: '*',
      blockClass: NO_CAPTURE_CLASS,
      // Network requests are never recorded with their headers or bodies.
      recordHeaders: false,
      recordBody: false,
    },
    // No console logs in recordings (an error message can quote what the user typed).
    enable_recording_console_log: false,
    // No network timing (request URLs) in recordings; web vitals carry no content.
    capture_performance: { network_timing: false, web_vitals: true },
    // No surveys or site apps loaded from the analytics host into a page with patient data.
    disable_surveys: true,
  };
}
