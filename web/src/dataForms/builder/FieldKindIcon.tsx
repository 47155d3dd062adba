import AttachFile from '@mui/icons-material/AttachFile';
import CheckBox from '@mui/icons-material/CheckBox';
import Draw from '@mui/icons-material/Draw';
import Event from '@mui/icons-material/Event';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Notes from '@mui/icons-material/Notes';
import Numbers from '@mui/icons-material/Numbers';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import RadioButtonChecked from '@mui/icons-material/RadioButtonChecked';
import Rule from '@mui/icons-material/Rule';
import Schedule from '@mui/icons-material/Schedule';
import ShortText from '@mui/icons-material/ShortText';
import Title from '@mui/icons-material/Title';
import ToggleOn from '@mui/icons-material/ToggleOn';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { FieldKind } from '@portal/contracts/dataForms/definition';

const ICONS: Record<FieldKind, ComponentType<SvgIconProps>> = {
  text: ShortText,
  textarea: Notes,
  number: Numbers,
  date: Event,
  time: Schedule,
  select: RadioButtonChecked,
  multiselect: CheckBox,
  yesno: ToggleOn,
  passfail: Rule,
  photo: PhotoCamera,
  file: AttachFile,
  signature: Draw,
  heading: Title,
  help: InfoOutlined,
};

export function FieldKindIcon({ kind, ...props }: { kind: FieldKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon fontSize="small" aria-hidden {...props} />;
}
