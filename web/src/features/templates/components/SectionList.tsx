// The editor's sections, in order: reorder by dragging the handle, by keyboard on the handle (Space to
// pick up, arrows to move, Space to drop, Escape to cancel) or with the Move up / Move down buttons.
import type { SectionFormat } from '@charta/contract';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LazyTooltip as Tooltip } from '@/components/feedback/LazyTooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '@/lib/error-message';
import { TEMPLATE_LIMITS } from '@charta/contract';
import { previewSection } from '../api/templates';
import type { EditorErrors, EditorSection } from '../lib/editor-state';

export interface SectionHandlers {
  onChange: (key: string, patch: Partial<Pick<EditorSection, 'title' | 'instructions' | 'format'>>) => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onHelpMeWrite: (section: EditorSection) => void;
}

interface SectionListProps extends SectionHandlers {
  sections: readonly EditorSection[];
  errors: EditorErrors;
  /** Sections whose "Help me write" is running. */
  helping: ReadonlySet<string>;
  /** A pasted transcript for the per-section preview ("" = the sample consultation). */
  transcript: string;
}

const label = (sections: readonly EditorSection[], id: UniqueIdentifier | undefined) => {
  const index = sections.findIndex((s) => s.key === id);
  const title = sections[index]?.title.trim();
  return `section ${index + 1}${title ? `, ${title}` : ''}`;
};

const instructions: ScreenReaderInstructions = {
  draggable: 'To move this section, press Space. While moving, use the up and down arrow keys, then press Space again to drop it here, or Escape to cancel.',
};

export function SectionList({ sections, errors, helping, transcript, ...handlers }: SectionListProps) {
  const sensors = useSensors(
    // A small distance first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => sections.findIndex((s) => s.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(sections, active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${label(sections, active.id)} is over position ${position(over.id)} of ${sections.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${label(sections, active.id)} at position ${position(over.id)} of ${sections.length}.` : `Dropped ${label(sections, active.id)}.`),
    onDragCancel: ({ active }) => `Moving ${label(sections, active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    handlers.onMove(
      sections.findIndex((s) => s.key === active.id),
      sections.findIndex((s) => s.key === over.id),
    );
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: instructions }}>
      <SortableContext items={sections.map((s) => s.key)} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label="Sections" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {sections.map((section, index) => (
            <SortableSection
              key={section.key}
              section={section}
              index={index}
              count={sections.length}
              errors={errors}
              helping={helping.has(section.key)}
              transcript={transcript}
              {...handlers}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

interface SortableSectionProps extends SectionHandlers {
  section: EditorSection;
  index: number;
  count: number;
  errors: EditorErrors;
  helping: boolean;
  transcript: string;
}

function SortableSection({ section, index, count, errors, helping, transcript, onChange, onRemove, onMove, onHelpMeWrite }: SortableSectionProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: section.key });
  const number = index + 1;
  const name = section.title.trim() || 'Untitled';
  const titleError = errors[`${section.key}.title`];
  const instructionsError = errors[`${section.key}.instructions`];
  const [preview, setPreview] = useState<{ state: 'idle' | 'loading' } | { state: 'done'; content: string } | { state: 'error'; message: string }>({ state: 'idle' });

  const runPreview = async () => {
    setPreview({ state: 'loading' });
    try {
      const content = await previewSection({ title: section.title.trim(), instructions: section.instructions.trim(), format: section.format }, transcript.trim() || undefined);
      setPreview({ state: 'done', content });
    } catch (error) {
      setPreview({ state: 'error', message: describeError(error) });
    }
  };

  return (
    <Card
      component="li"
      ref={setNodeRef}
      aria-label={`Section ${number}: ${name}`}
      sx={{
        p: 2,
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 6 : undefined,
      }}
    >
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Tooltip title="Drag to reorder (or press Space, then the arrow keys)">
            <IconButton
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`Reorder section ${number}: ${name}`}
              size="small"
              sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            >
              <DragIndicator />
            </IconButton>
          </Tooltip>
          <Typography variant="subtitle2" color="text.secondary" sx={{ flex: 1 }}>
            Section {number}
          </Typography>
          <Tooltip title="Move up">
            <span>
              <IconButton size="small" aria-label={`Move section ${number} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton size="small" aria-label={`Move section ${number} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={count === 1 ? 'A template needs at least one section' : 'Remove section'}>
            <span>
              <IconButton size="small" aria-label={`Remove section ${number}`} disabled={count === 1} onClick={() => onRemove(section.key)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>

        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            label="Section title"
            value={section.title}
            onChange={(event) => onChange(section.key, { title: event.target.value })}
            error={Boolean(titleError)}
            helperText={titleError}
            slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.sectionTitle + 20 } }}
            size="small"
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={section.format}
            aria-label={`Format of section ${number}`}
            onChange={(_event, value: SectionFormat | null) => value && onChange(section.key, { format: value })}
            sx={{ flexShrink: 0 }}
          >
            <ToggleButton value="paragraph">Paragraph</ToggleButton>
            <ToggleButton value="bullets">Bullets</ToggleButton>
          </ToggleButtonGroup>
        </Box>

        <TextField
          label="Instructions"
          placeholder="What belongs here, what does not, the format, and what to write when the session does not cover it."
          multiline
          minRows={3}
          maxRows={12}
          value={section.instructions}
          onChange={(event) => onChange(section.key, { instructions: event.target.value })}
          error={Boolean(instructionsError)}
          helperText={instructionsError ?? `${section.instructions.trim().length} / ${TEMPLATE_LIMITS.instructions}`}
        />

        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<AutoAwesomeOutlined />}
            loading={helping}
            loadingPosition="start"
            disabled={!section.title.trim()}
            onClick={() => onHelpMeWrite(section)}
            aria-label={`Help me write the instructions of section ${number}`}
          >
            Help me write
          </Button>
          <Button
            size="small"
            startIcon={<VisibilityOutlined />}
            loading={preview.state === 'loading'}
            loadingPosition="start"
            disabled={!section.title.trim()}
            onClick={() => void runPreview()}
            aria-label={`Preview section ${number}`}
          >
            Preview section
          </Button>
        </Box>
        {preview.state === 'done' && (
          <Box role="region" aria-label={`Preview of section ${number}`} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {preview.content}
            </Typography>
          </Box>
        )}
        {preview.state === 'error' && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void runPreview()}>Try again</Button>}>
            {preview.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
