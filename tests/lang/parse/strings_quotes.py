'it\'s'
"it's"
'say "hi"'
'both \' "'
