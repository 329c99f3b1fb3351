// Which container MediaRecorder should write. WebM/Opus where the browser has it (Chrome, Firefox, Edge):
// small, speech-friendly, and what the server probes best. Safari records MP4/AAC.

export const PREFERRED_RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4'] as const;

/** The first preferred type the browser can record, or '' to let it choose its default. */
export function pickRecordingMimeType(isTypeSupported: ((type: string) => boolean) | undefined): string {
  if (!isTypeSupported) return '';
  return PREFERRED_RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  }) ?? '';
}
