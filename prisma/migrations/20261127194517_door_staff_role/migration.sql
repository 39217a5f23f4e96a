-- AlterEnum
ALTER TYPE "MemberRole" ADD VALUE 'door_staff';
