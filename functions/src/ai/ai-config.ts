/** Where and how the AI services are reached: Google in deployment, the local AI emulator when AI_EMULATOR_URL is set. */
export interface AiConfig {
  project: string;
  /** Vertex AI region for Gemini. */
  location: string;
  geminiModel: string;
  /** Speech-to-Text region endpoint ("global" uses speech.googleapis.com). */
  speechLocation: string;
  /** Model for languages with a clinical-conversation model (Speech-to-Text's medical_conversation: en-US). */
  speechMedicalModel: string;
  /** Model for every other language. */
  speechGeneralModel: string;
  /** http://127.0.0.1:9299 for the local AI emulator; unset in deployment. */
  emulatorUrl: string | null;
  /** Per-attempt time limits and retries of the outside calls (shortened for tests that inject timeouts). */
  geminiTimeoutMs: number;
  speechTimeoutMs: number;
  retryAttempts: number;
  retryFirstDelayMs: number;
}

export function aiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AiConfig {
  return {
    project: env['GOOGLE_CLOUD_PROJECT'] ?? env['GCLOUD_PROJECT'] ?? 'demo-charta',
    location: env['VERTEX_LOCATION'] ?? 'us-central1',
    geminiModel: env['GEMINI_MODEL'] ?? 'gemini-2.5-flash',
    speechLocation: env['SPEECH_LOCATION'] ?? 'global',
    speechMedicalModel: env['SPEECH_MEDICAL_MODEL'] ?? 'medical_conversation',
    speechGeneralModel: env['SPEECH_GENERAL_MODEL'] ?? 'latest_long',
    emulatorUrl: env['AI_EMULATOR_URL'] || null,
    geminiTimeoutMs: Number(env['GEMINI_TIMEOUT_MS'] ?? 90_000),
    speechTimeoutMs: Number(env['SPEECH_TIMEOUT_MS'] ?? 15 * 60_000),
    retryAttempts: Number(env['AI_RETRY_ATTEMPTS'] ?? 3),
    retryFirstDelayMs: Number(env['AI_RETRY_FIRST_DELAY_MS'] ?? 1000),
  };
}
