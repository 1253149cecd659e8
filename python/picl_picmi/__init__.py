# picl_picmi: the PICMI front end of picl; `from picl_picmi import picmi` (README.md, "PICMI").
