import { JoinPage } from '../features/team-join/join-page';

export default JoinPage;
