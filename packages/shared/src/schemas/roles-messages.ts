/** Texts of the roles endpoints (the web app translates them in its roles namespace). */
export const roleMessages = {
  nameTaken: 'A role with this name already exists in this category.',
  unknownResource: 'Choose a permission of this role’s category.',
  duplicateResource: 'This permission is listed twice.',
  notEditable: 'This role cannot be changed or deleted.',
  inUse: 'This role is assigned to users. Give them another role first.',
} as const;
