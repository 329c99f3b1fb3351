import { DEFAULT_CONSENT_STATEMENT, DEFAULT_RETENTION_SETTINGS, type Profile } from '@charta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { profile as profileFixture, subscription as subscriptionFixture } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { impactLines } from './RetentionSettingsForm';
import { SettingsPage } from './SettingsPage';

vi.mock('@/lib/api');
const mockedApi = vi.mocked(api);

let profile: Profile;

beforeEach(() => {
  profile = profileFixture();
  mockedApi.get.mockImplementation((path: string) => {
    if (path === '/profile') return Promise.resolve({ profile });
    if (path === '/subscription') return Promise.resolve({ subscription: subscriptionFixture() });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  mockedApi.put.mockImplementation((path: string, body: unknown) => {
    const { confirmShorter: _, ...change } = body as Record<string, unknown>;
    profile = path === '/profile/consent' ? { ...profile, consent: { ...profile.consent, ...change } } : { ...profile, retention: { ...profile.retention, ...change } };
    return Promise.resolve({ profile });
  });
});

const consentForm = async () => screen.findByRole('form', { name: 'Consent' });
const retentionForm = async () => screen.findByRole('form', { name: 'Retention' });

describe('Settings → Consent', () => {
  it('is on by default with the default statement; the statement is edited and saved alone', async () => {
    const user = userEvent.setup();
    renderPage(<SettingsPage />);
    const form = await consentForm();
    expect(within(form).getByRole('switch', { name: 'Ask for the patient’s consent before recording' })).toBeChecked();
    const statement = within(form).getByRole('textbox', { name: 'What to read aloud' });
    expect(statement).toHaveValue(DEFAULT_CONSENT_STATEMENT);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(statement);
    await user.type(statement, 'May I record our visit so my notes write themselves?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Consent settings saved')).toBeInTheDocument();
    expect(mockedApi.put).toHaveBeenCalledWith('/profile/consent', { statement: 'May I record our visit so my notes write themselves?' });
    expect(within(form).getByRole('button', { name: 'Use the default statement' })).toBeInTheDocument();
  });

  it('keeps what was typed when saving fails, and says why', async () => {
    const user = userEvent.setup();
    mockedApi.put.mockRejectedValue(new ApiError({ status: 400, code: 'invalid_argument', message: 'statement must not contain control characters', field: 'statement' }));
    renderPage(<SettingsPage />);
    const form = await consentForm();
    await user.click(within(form).getByRole('switch', { name: 'Ask for the patient’s consent before recording' }));
    const statement = within(form).getByRole('textbox', { name: 'What to read aloud' });
    await user.type(statement, ' Thank you.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('statement must not contain control characters')).toBeInTheDocument();
    expect(statement).toHaveValue(`${DEFAULT_CONSENT_STATEMENT} Thank you.`);
    expect(mockedApi.put).toHaveBeenCalledWith('/profile/consent', { required: false, statement: `${DEFAULT_CONSENT_STATEMENT} Thank you.` });
    expect(within(form).getByText(/Off: Charta records without asking/)).toBeInTheDocument();
  });
});

describe('Settings → Retention', () => {
  it('says the defaults, and saves a longer setting at once', async () => {
    const user = userEvent.setup();
    renderPage(<SettingsPage />);
    const form = await retentionForm();
    expect(form).toHaveTextContent(
      'Charta deletes the audio 7 days after the note is ready, deletes the transcript 30 days after the note is ready, and deletes whole sessions with their notes 90 days after they were made.',
    );
    expect(within(form).getByLabelText('Keep the audio')).toHaveValue(String(DEFAULT_RETENTION_SETTINGS.audioDays));
    expect(within(form).getAllByText('The default')).toHaveLength(3);

    await user.selectOptions(within(form).getByLabelText('Keep the audio'), '30 days after the note is ready');
    expect(within(form).getByText('Default: 7 days after the note is ready')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Retention settings saved')).toBeInTheDocument();
    expect(mockedApi.post).not.toHaveBeenCalled();
    expect(mockedApi.put).toHaveBeenCalledWith('/profile/retention', { audioDays: 30, transcriptDays: 30, sessionDays: 90 });
  });

  it('asks before a shorter setting, with how many sessions it affects; Cancel keeps the settings and the choice', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockResolvedValue({ impact: { audio: 12, transcript: 0, sessions: 1 } });
    // (The transcript is not shortened here: its 0 is not listed. A shortened kind with none due says so.)
    renderPage(<SettingsPage />);
    const form = await retentionForm();
    await user.selectOptions(within(form).getByLabelText('Keep the audio'), 'When the note is ready');
    await user.selectOptions(within(form).getByLabelText('Keep whole sessions with their notes'), '30 days after the session');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete sooner?' });
    expect(mockedApi.post).toHaveBeenCalledWith('/profile/retention/impact', { audioDays: 0, transcriptDays: 30, sessionDays: 30 });
    expect(within(dialog).getByText('The audio of 12 sessions')).toBeInTheDocument();
    expect(within(dialog).getByText('1 whole session with its note')).toBeInTheDocument();
    expect(within(dialog).queryByText(/transcript/)).not.toBeInTheDocument();
    expect(mockedApi.put).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Keep my current settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockedApi.put).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Keep the audio')).toHaveValue('0');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete sooner?' })).getByRole('button', { name: 'Delete sooner' }));
    expect(await screen.findByText('Retention settings saved')).toBeInTheDocument();
    expect(mockedApi.put).toHaveBeenCalledWith('/profile/retention', { audioDays: 0, transcriptDays: 30, sessionDays: 30, confirmShorter: true });
    expect(within(await retentionForm()).getByLabelText('Keep the audio')).toHaveValue('0');
  });

  it('keeps the choice and says why when the count cannot be had', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockRejectedValue(new ApiError({ status: 503, code: 'unavailable', message: 'Try again in a moment.' }));
    renderPage(<SettingsPage />);
    const form = await retentionForm();
    await user.selectOptions(within(form).getByLabelText('Keep the transcript'), '1 day after the note is ready');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Charta had a problem on its side. Please try again in a moment.');
    expect(within(form).getByLabelText('Keep the transcript')).toHaveValue('1');
    expect(mockedApi.put).not.toHaveBeenCalled();
  });
});

describe('impactLines', () => {
  it('Names the sessions each shortened kind affects, and says so when none is old enough yet', () => {
    expect(impactLines(['audio', 'transcript', 'session'], { audio: 2, transcript: 0, sessions: 1 })).toEqual([
      'The audio of 2 sessions',
      'No transcript yet (none is that old)',
      '1 whole session with its note',
    ]);
    expect(impactLines(['session'], { audio: 0, transcript: 0, sessions: 0 })).toEqual(['No whole session yet (none is that old)']);
  });
});

describe('Settings set by the clinic', () => {
  it('shows the clinic’s consent and retention disabled, saying who sets them, with no Save', async () => {
    profile = {
      ...profileFixture(),
      consent: { required: true, statement: 'Northside records visits. May I?' },
      retention: { audioDays: 0, transcriptDays: 7, sessionDays: 30 },
      setByClinic: { clinicName: 'Northside Practice', consent: true, retention: true },
    };
    renderPage(<SettingsPage />);
    for (const form of [await consentForm(), await retentionForm()]) {
      expect(within(form).getByText(/^Set by your clinic, Northside Practice/)).toBeInTheDocument();
      expect(within(form).getByRole('link', { name: 'Clinic' })).toHaveAttribute('href', '/clinic');
      expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    }
    const consent = await consentForm();
    expect(within(consent).getByRole('switch', { name: 'Ask for the patient’s consent before recording' })).toBeDisabled();
    expect(within(consent).getByRole('textbox', { name: 'What to read aloud' })).toHaveValue('Northside records visits. May I?');
    expect(within(consent).getByRole('textbox', { name: 'What to read aloud' })).toBeDisabled();
    const retention = await retentionForm();
    expect(within(retention).getByLabelText('Keep whole sessions with their notes')).toHaveValue('30');
    expect(within(retention).getByLabelText('Keep whole sessions with their notes')).toBeDisabled();
  });

  it('leaves the setting the clinic does not set to the clinician', async () => {
    profile = { ...profileFixture(), setByClinic: { clinicName: 'Northside Practice', consent: false, retention: true } };
    renderPage(<SettingsPage />);
    const consent = await consentForm();
    expect(within(consent).queryByText(/^Set by your clinic/)).not.toBeInTheDocument();
    expect(within(consent).getByRole('switch', { name: 'Ask for the patient’s consent before recording' })).toBeEnabled();
    expect(within(await retentionForm()).getByText(/^Set by your clinic, Northside Practice/)).toBeInTheDocument();
  });
});
