import { startRemoteHarness } from '@psicocampus/shared/dev';
import remote from '../remote-module';

void startRemoteHarness(remote, { base: '/' });
