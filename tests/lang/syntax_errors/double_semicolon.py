a;;b
