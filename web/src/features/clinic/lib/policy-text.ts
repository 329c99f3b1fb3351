// The clinic's policies in sentences (docs/clinics.md "Policies"), as the clinic page shows them to every member.
import { retentionSummary, signInMethodsSentence, type ClinicPolicies } from '@charta/contract';

const MEMBERS_CHOOSE = 'Each member chooses in Settings.';

export function consentPolicyText(consent: ClinicPolicies['consent']): string {
  if (!consent) return MEMBERS_CHOOSE;
  return consent.required
    ? `Every member asks for the patient’s consent before recording, and reads aloud: “${consent.statement}”`
    : 'Members record without being asked to confirm the patient’s consent.';
}

export function retentionPolicyText(retention: ClinicPolicies['retention']): string {
  return retention ? retentionSummary(retention).replaceAll('until you delete', 'until the member deletes') : MEMBERS_CHOOSE;
}

export function signInPolicyText(methods: ClinicPolicies['signInMethods']): string {
  return methods ? `Members sign in only with ${signInMethodsSentence(methods)}.` : 'Members sign in any way Charta offers.';
}
