import { remoteMount } from '@psicocampus/shared/domain';
import { startRemoteHarness } from '@psicocampus/shared/dev';
import remote from '../remote-module';

void startRemoteHarness(remote, { base: remoteMount('auth') });
