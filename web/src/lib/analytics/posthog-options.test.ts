import { describe, expect, it } from 'vitest';
import { NO_CAPTURE_CLASS } from './no-capture';
import { productAnalyticsOptions } from './posthog-options';

describe('productAnalyticsOptions', () => {
  const options = productAnalyticsOptions('https://e.charta.example');

  it('sends to our own host and captures nothing before consent', () => {
    expect(options.api_host).toBe('https://e.charta.example');
    expect(options.opt_out_capturing_by_default).toBe(true);
    expect(options.opt_out_persistence_by_default).toBe(true);
  });

  it('masks all text and inputs, and never records marked areas, console logs or network bodies', () => {
    expect(options).toMatchObject({ mask_all_text: true, mask_all_element_attributes: true, enable_recording_console_log: false });
    expect(options.session_recording).toMatchObject({ maskAllInputs: true, maskTextSelector: '*', blockClass: NO_CAPTURE_CLASS, recordHeaders: false, recordBody: false });
    expect(options.capture_performance).toMatchObject({ network_timing: false });
    expect(NO_CAPTURE_CLASS).toBe('ph-no-capture');
  });
});
