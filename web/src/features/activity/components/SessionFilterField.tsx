import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import useSWR from 'swr';
import { getSession, sessionKey } from '@/data/sessions';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { searchSessions } from '../api/activity';

export const SESSION_SEARCH_DEBOUNCE_MS = 300;

interface SessionOption {
  id: string;
  title: string;
}

/**
 * The session filter: find a session by its patient's name, or see the one the address names (by its title,
 * or "a deleted session" once it is gone: its entries stay in the trail).
 */
export function SessionFilterField({ sessionId, onChange }: { sessionId: string | null; onChange: (sessionId: string | null) => void }) {
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), SESSION_SEARCH_DEBOUNCE_MS);
  const found = useSWR(query ? ['activity-session-search', query] : null, ([, q]: [string, string]) => searchSessions(q), { keepPreviousData: true });
  const chosen = useSWR(sessionId ? sessionKey(sessionId) : null, ([, id]: readonly [string, string]) => getSession(id), { shouldRetryOnError: false });

  const gone = chosen.error instanceof ApiError && chosen.error.status === 404;
  const value: SessionOption | null = sessionId ? { id: sessionId, title: chosen.data?.title ?? (gone ? `A deleted session (${sessionId.slice(0, 8)})` : `Session ${sessionId.slice(0, 8)}`) } : null;
  const options: SessionOption[] = (found.data ?? []).map((session) => ({ id: session.id, title: session.title }));

  return (
    <Autocomplete<SessionOption>
      className={NO_CAPTURE_CLASS}
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      // The server searches; what it found is what is offered.
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
        if (reason === 'clear') setTyped('');
      }}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      loading={Boolean(query) && found.isLoading}
      noOptionsText={query ? 'No session for that patient' : 'Type a patient’s name'}
      renderInput={(params) => <TextField {...params} label="Session" placeholder="Patient’s name" />}
    />
  );
}
