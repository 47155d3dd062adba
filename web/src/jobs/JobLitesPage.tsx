import type { ScreenProps } from '../common/screen';
import { JobsDashboard } from './JobsPage';

/** Operations > Job Lite: the Jobs dashboard over job lites (type 2), 250 a page, with their ID column. */
export default function JobLitesPage(props: ScreenProps) {
  return <JobsDashboard {...props} lite />;
}
