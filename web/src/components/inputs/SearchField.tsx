import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** A labelled search box with the search icon, on the paper colour so it reads as a field on grey pages. */
export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'background.paper' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
