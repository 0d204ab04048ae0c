import { MemoryStorage } from '../../../server/db/memory';
import { storageContract } from '../../support/storage-contract';

storageContract('the in-memory storage', async () => new MemoryStorage());
