import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, type AuditAction } from '@charta/contract';
import { dateRangeProblem, isFiltered, type ActivityFilterState } from '../lib/activity-filter';
import { SessionFilterField } from './SessionFilterField';

const ALL_ACTIONS = '';

interface ActivityFiltersProps {
  filter: ActivityFilterState;
  onChange: (change: Partial<ActivityFilterState>) => void;
  onClear: () => void;
}

/** Session, action and dates; on a phone one under the other, on a wide screen in a row. */
export function ActivityFilters({ filter, onChange, onClear }: ActivityFiltersProps) {
  const rangeProblem = dateRangeProblem(filter);
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter activity"
      onSubmit={(event) => event.preventDefault()}
      // A date field needs about 11rem to show a whole date; four in a row only where that leaves room.
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(0, 1.5fr) minmax(0, 1.5fr) minmax(11rem, 1fr) minmax(11rem, 1fr)' }, alignItems: 'start' }}
    >
      <SessionFilterField sessionId={filter.sessionId} onChange={(sessionId) => onChange({ sessionId })} />
      <TextField
        select
        label="Action"
        value={filter.action ?? ALL_ACTIONS}
        onChange={(event) => onChange({ action: event.target.value === ALL_ACTIONS ? null : (event.target.value as AuditAction) })}
        // A native select: keyboard, screen readers and phone pickers work as people expect.
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value={ALL_ACTIONS}>All actions</option>
        {AUDIT_ACTION_GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.actions.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </optgroup>
        ))}
      </TextField>
      <TextField type="date" label="From" value={filter.fromDate} onChange={(event) => onChange({ fromDate: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField
        type="date"
        label="To"
        value={filter.toDate}
        onChange={(event) => onChange({ toDate: event.target.value })}
        error={rangeProblem !== null}
        helperText={rangeProblem ?? undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {isFiltered(filter) && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button onClick={onClear}>Clear filters</Button>
        </Box>
      )}
    </Box>
  );
}
