// What the settings form edits of the profile. Reading and writing it is shared with the Record tab, so
// that lives in @/data/profile.

/** What the settings form may change; the API accepts more (defaultTemplateId), set elsewhere. */
export interface ProfileUpdate {
  displayName: string;
  title: string;
  specialty: string;
  organization: string;
  defaultLanguage: string;
}

export const PROFILE_UPDATE_FIELDS = ['displayName', 'title', 'specialty', 'organization', 'defaultLanguage'] as const;
