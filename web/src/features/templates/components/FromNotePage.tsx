import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { TEMPLATE_LIMITS } from '@charta/contract';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { generateTemplateFromNote } from '../api/templates';

const MAX_NOTE = TEMPLATE_LIMITS.note;

/** "Create from an example note": paste a note you like, get a draft template to review, edit and save. */
export function FromNotePage() {
  useShellPage('templates', 'Create from an example note');
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError({ field: 'note', message: 'Paste an example note first.' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const draft = await generateTemplateFromNote(note.trim(), name.trim() || undefined);
      // The editor opens with the draft; nothing is saved until the clinician saves it.
      void navigate(paths.templateNew.getHref(), { state: { draft } });
    } catch (err) {
      setError({ field: err instanceof ApiError ? err.field : undefined, message: describeError(err) });
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2} className={NO_CAPTURE_CLASS} sx={{ maxWidth: 960 }}>
      <Box>
        <Button component={RouterLink} to={paths.templates.getHref()} startIcon={<ArrowBack />}>
          All templates
        </Button>
      </Box>
      <Card component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ p: 2 }} aria-label="Create from an example note">
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            Create a template from an example note
          </Typography>
          <Typography color="text.secondary">
            Paste a note written the way you like your notes. The assistant keeps its headings and their order, and writes instructions for each section so that new notes come out
            the same way. Remove patient details first: only the structure matters. You can review and edit everything before saving.
          </Typography>
          {error && !error.field && <Alert severity="error">{error.message}</Alert>}
          <TextField
            label="Template name (optional)"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error?.field === 'name'}
            helperText={error?.field === 'name' ? error.message : 'Leave empty and the assistant proposes one.'}
            slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.name } }}
          />
          <TextField
            label="Example note"
            required
            multiline
            minRows={12}
            maxRows={30}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              if (error?.field === 'note') setError(null);
            }}
            placeholder={'SUBJECTIVE\nTwo weeks of low back pain after lifting...\n\nOBJECTIVE\n- BP 128/80\n- Tender paraspinal muscles...\n\nASSESSMENT\n...\n\nPLAN\n- ...'}
            error={error?.field === 'note' || note.length > MAX_NOTE}
            helperText={error?.field === 'note' ? error.message : `${note.length.toLocaleString()} / ${MAX_NOTE.toLocaleString()} characters`}
          />
          <Box>
            <Button type="submit" variant="contained" startIcon={<AutoAwesomeOutlined />} loading={busy} loadingPosition="start" disabled={note.length > MAX_NOTE}>
              {busy ? 'Drafting the template…' : 'Create draft template'}
            </Button>
          </Box>
        </Stack>
      </Card>
    </Stack>
  );
}
