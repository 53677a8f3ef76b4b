-- Team roles (issue 21): owner, admin, editor, viewer, as shared/permissions.ts names them (ROLES). The former
-- `member` could create and send, which is what an editor does now. What each role may do is not stored: every
-- operation of the contract declares its permission (x-permission) and the server checks it against the matrix.
alter table users drop constraint if exists users_role_check;
update users set role = 'editor' where role = 'member';
alter table users alter column role set default 'editor';
alter table users add constraint users_role_check check (role in ('owner', 'admin', 'editor', 'viewer'));
