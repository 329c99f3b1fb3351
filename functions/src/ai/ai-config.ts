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
  };
}
